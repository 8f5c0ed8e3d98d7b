// The chat's default transport is the core's (a chat without options needs it); the transports
// build on it from here.
export { ToolChatEndpointTransport } from '../core/chat/endpoint-transport';
