import type { ChatTransport, UIMessage } from 'ai';
import type { Branch } from '../tree/message-tree';

interface ServerStop {
  stopOnServer(chatId: string, messages?: readonly UIMessage[]): Promise<void>;
  /** Switches a branch of the conversation the server keeps (`ServerConversationTransport`). */
  switchOnServer?(chatId: string, messageId: string, index: number): Promise<{ messages: UIMessage[]; branches: Branch[] }>;
}

/**
 * The transport of a server that keeps the conversation (`ServerConversationTransport`), found
 * by its `stopOnServer`: the chat core never imports it, so apps without a store never download it.
 */
export function serverConversation(transport: ChatTransport<UIMessage> | undefined): ServerStop | undefined {
  const candidate = transport as Partial<ServerStop> | undefined;
  return typeof candidate?.stopOnServer === 'function' ? (candidate as ServerStop) : undefined;
}
