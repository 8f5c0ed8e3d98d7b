/**
 * HMAC-SHA256 signatures for the server-tool calls and results a handler streams, so that it
 * can recognise them when the browser sends the conversation back, without keeping state.
 * Web Crypto (`crypto.subtle`), so the handler runs on edge runtimes too; on Node, signing is
 * done in place by `node:crypto` (see `createToolSigner`).
 */

/**
 * What a signature binds: the conversation (the chat id of the request), the call, and for a
 * result also its output or error text.
 */
export interface SignedToolCall {
  chatId: string;
  toolCallId: string;
  toolName: string;
  input: unknown;
}

/**
 * When and by which issue a call was signed: `at` (ms since the epoch) lets an approval expire,
 * and `nonce` makes every call's signature unique, so it can name the call in a replay store.
 */
export interface CallIssue {
  at: number;
  nonce: string;
}

/**
 * A result binds its call, its output or error text, and for a call the user edited before it
 * ran, the input it ran with.
 */
export type SignedToolResult = SignedToolCall & ({ output: unknown } | { errorText: string }) & { editedInput?: unknown };

export interface ToolSigner {
  signCall(call: SignedToolCall, issue: CallIssue): Promise<string>;
  verifyCall(call: SignedToolCall, issue: CallIssue, signature: string): Promise<boolean>;
  signResult(result: SignedToolResult): Promise<string>;
  verifyResult(result: SignedToolResult, signature: string): Promise<boolean>;
}

/** Shorter secrets are refused: HMAC-SHA256 wants a key of at least 256 bits of entropy. */
export const MIN_SECRET_LENGTH = 32;

let processSecret: Uint8Array<ArrayBuffer> | undefined;

/**
 * A signer keyed by `secret`, or without one by a random key made once per process (then a
 * restarted process or another instance cannot verify what this one signed).
 */
export function createToolSigner(secret: string | undefined): ToolSigner {
  if (secret !== undefined && secret.length < MIN_SECRET_LENGTH) {
    throw new Error(`createChatHandler: the secret must be at least ${MIN_SECRET_LENGTH} characters (use a random one)`);
  }
  const bytes = secret === undefined ? (processSecret ??= crypto.getRandomValues(new Uint8Array(32))) : new TextEncoder().encode(secret);
  const key = importKey(bytes);
  // Signing happens mid-answer (a call or a result as it streams): Web Crypto's sign is a job on
  // the thread pool, which parks the answer, with its whole pipeline of streams alive, until a
  // later turn of the event loop. Where `node:crypto` is at hand it signs in place. Verifying
  // stays with Web Crypto: it runs before any stream of the request exists, and its job gives
  // each request arriving in a burst a turn of its own (see bench/README, replay store).
  const signNow = nodeHmac(bytes);
  const sign = async (payload: unknown[]) => {
    if (signNow) return signNow(encode(payload));
    const signature = await crypto.subtle.sign('HMAC', await key, encode(payload));
    return toBase64Url(new Uint8Array(signature));
  };
  const verify = async (payload: unknown[], signature: string) => {
    const bytes = fromBase64Url(signature);
    return bytes !== undefined && crypto.subtle.verify('HMAC', await key, bytes, encode(payload));
  };
  const callPayload = (call: SignedToolCall, issue: CallIssue) => [
    'toolchat/tool-call/v2',
    call.chatId,
    call.toolCallId,
    call.toolName,
    call.input,
    issue.at,
    issue.nonce,
  ];
  const resultPayload = (result: SignedToolResult) => [
    'toolchat/tool-result/v2',
    result.chatId,
    result.toolCallId,
    result.toolName,
    result.input,
    'output' in result ? { output: result.output } : { errorText: result.errorText },
    // Only when there is one: results signed before edits existed verify as they did.
    ...('editedInput' in result ? [{ editedInput: result.editedInput }] : []),
  ];
  return {
    signCall: (call, issue) => sign(callPayload(call, issue)),
    verifyCall: (call, issue, signature) => verify(callPayload(call, issue), signature),
    signResult: (result) => sign(resultPayload(result)),
    verifyResult: (result, signature) => verify(resultPayload(result), signature),
  };
}

/** A new issue for a call signed now. */
export function newCallIssue(now: number): CallIssue {
  return { at: now, nonce: toBase64Url(crypto.getRandomValues(new Uint8Array(12))) };
}

interface NodeCrypto {
  createHmac(algorithm: 'sha256', key: Uint8Array): { update(data: Uint8Array): { digest(encoding: 'base64url'): string } };
}

/** HMAC-SHA256 in place, base64url without padding, where `node:crypto` is available. */
function nodeHmac(key: Uint8Array): ((data: Uint8Array) => string) | undefined {
  const nodeCrypto = loadNodeCrypto();
  if (typeof nodeCrypto?.createHmac !== 'function') return undefined;
  return (data) => nodeCrypto.createHmac('sha256', key).update(data).digest('base64url');
}

function loadNodeCrypto(): NodeCrypto | undefined {
  const runtime = globalThis as { process?: { getBuiltinModule?: (id: string) => unknown } };
  try {
    return runtime.process?.getBuiltinModule?.('node:crypto') as NodeCrypto | undefined;
  } catch {
    return undefined;
  }
}

function importKey(bytes: Uint8Array<ArrayBuffer>): Promise<CryptoKey> {
  return crypto.subtle.importKey('raw', bytes, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify']);
}

function encode(payload: unknown[]): Uint8Array<ArrayBuffer> {
  return new TextEncoder().encode(canonicalJson(payload));
}

/**
 * JSON with object keys sorted, of the value as JSON would carry it (`toJSON`, dates, dropped
 * `undefined`): the server signs the value it streams and verifies the copy the browser parsed
 * and sent back, and both must give the same text.
 */
export function canonicalJson(value: unknown): string {
  return canonical(JSON.parse(JSON.stringify(value) ?? 'null') as unknown);
}

function canonical(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  const record = value as Record<string, unknown>;
  const entries = Object.keys(record)
    .sort()
    .map((key) => `${JSON.stringify(key)}:${canonical(record[key])}`);
  return `{${entries.join(',')}}`;
}

function toBase64Url(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replaceAll('+', '-').replaceAll('/', '_').replace(/=+$/, '');
}

function fromBase64Url(text: string): Uint8Array<ArrayBuffer> | undefined {
  // An HMAC-SHA256 is 32 bytes: 43 characters unpadded.
  if (!/^[A-Za-z0-9_-]{43}$/.test(text)) return undefined;
  const binary = atob(text.replaceAll('-', '+').replaceAll('_', '/'));
  return Uint8Array.from(binary, (char) => char.charCodeAt(0));
}
