// What `executeToolCall(s)` load with their first call: the engine the loop's chunk shares.
export { executeToolCall, executeToolCalls } from './execute-tool-calls-now';
