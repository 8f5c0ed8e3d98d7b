// The smallest thread an assistant-ui app renders: messages (default part renderers) and a
// composer, built from the library's primitives. Shared by both assistant-ui entries.
// `.jsx`, not `.tsx`: the root tsconfig includes bench/, and these packages are only installed
// by `npm run bench`, so type-checking them would fail everywhere else.
import { ComposerPrimitive, MessagePrimitive, ThreadPrimitive } from '@assistant-ui/react';

function Message() {
  return (
    <MessagePrimitive.Root>
      <MessagePrimitive.Parts />
    </MessagePrimitive.Root>
  );
}

export function Thread() {
  return (
    <ThreadPrimitive.Root>
      <ThreadPrimitive.Viewport>
        <ThreadPrimitive.Messages components={{ Message }} />
      </ThreadPrimitive.Viewport>
      <ComposerPrimitive.Root>
        <ComposerPrimitive.Input placeholder="Message" />
        <ComposerPrimitive.Send>Send</ComposerPrimitive.Send>
      </ComposerPrimitive.Root>
    </ThreadPrimitive.Root>
  );
}
