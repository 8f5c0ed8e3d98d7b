/** A call's time limit when neither its tool nor the caller sets one, in ms. */
export const DEFAULT_TOOL_TIMEOUT_MS = 30_000;
