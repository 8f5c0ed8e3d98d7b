// The chat's default transport belongs to core (a chat without options needs it, and core imports
// no transport); the transports build on it from here.
export { ToolChatEndpointTransport } from '../core/chat/endpoint-transport';
