export * from './core/index';
export * from './transports/index';
export * from './react/index';
// `ToolGrants` is both core's storage type and the React part (whose type is the same storage).
export { ToolGrants } from './react/components/tool-grants';
