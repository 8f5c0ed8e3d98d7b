// CopilotKit's chat as its docs set it up: `<CopilotKit runtimeUrl><CopilotChat /></CopilotKit>`.
// The stylesheet (`@copilotkit/react-ui/styles.css`, also imported by the packages themselves)
// is dropped by the bundler: only JavaScript is measured.
import { CopilotKit } from '@copilotkit/react-core';
import { CopilotChat } from '@copilotkit/react-ui';

export function App() {
  return (
    <CopilotKit runtimeUrl="/api/copilotkit">
      <CopilotChat />
    </CopilotKit>
  );
}
