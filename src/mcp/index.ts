export { connectMcpTools } from './connect-mcp-tools';
export type { ConnectMcpToolsOptions, McpConnection, McpServerInfo } from './connect-mcp-tools';
export { McpConnectionError } from './mcp-transport';
export type { McpTransportKind } from './mcp-transport';
export { defaultNeedsApproval } from './mcp-tool';
export type { McpToolInfo } from './mcp-tool';
export { McpToolError, isMcpToolOutput, mcpText } from './mcp-output';
export type { McpContent, McpToolOutput } from './mcp-output';
