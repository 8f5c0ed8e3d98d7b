export { ChatWrapper, type ChatWrapperProps } from './chat-wrapper';
export * from './parts';
