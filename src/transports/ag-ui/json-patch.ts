import type { JsonPatchOperation } from '@ag-ui/core';

/**
 * Applies an RFC 6902 JSON Patch (AG-UI's `STATE_DELTA` and `ACTIVITY_DELTA`) to a copy of
 * `document`; the input is never changed. Keys come from the agent, so every lookup is an own
 * property and a `__proto__` key is an ordinary key. Throws a readable error for a path that does
 * not exist or a failed `test`; the caller keeps the state it had.
 */
export function applyJsonPatch(document: unknown, patch: readonly JsonPatchOperation[]): unknown {
  let root = structuredClone(document);
  for (const operation of patch) {
    switch (operation.op) {
      case 'add':
        root = put(root, operation.path, structuredClone(operation.value), 'add');
        break;
      case 'replace':
        get(root, operation.path);
        root = put(root, operation.path, structuredClone(operation.value), 'replace');
        break;
      case 'remove':
        root = remove(root, operation.path);
        break;
      case 'move': {
        const value = get(root, operation.from);
        root = put(remove(root, operation.from), operation.path, value, 'add');
        break;
      }
      case 'copy':
        root = put(root, operation.path, structuredClone(get(root, operation.from)), 'add');
        break;
      case 'test':
        if (!jsonEqual(get(root, operation.path), operation.value)) throw new Error(`JSON Patch test failed at "${operation.path}"`);
        break;
    }
  }
  return root;
}

/** `/a/b~1c` → `['a', 'b/c']`; `''` is the whole document. */
function tokens(pointer: string): string[] {
  if (pointer === '') return [];
  if (!pointer.startsWith('/')) throw new Error(`Invalid JSON Pointer "${pointer}"`);
  return pointer
    .slice(1)
    .split('/')
    .map((token) => token.replace(/~1/g, '/').replace(/~0/g, '~'));
}

type Container = Record<string, unknown> | unknown[];

function isContainer(value: unknown): value is Container {
  return typeof value === 'object' && value !== null;
}

function child(container: Container, token: string, pointer: string): unknown {
  if (Array.isArray(container)) {
    const index = arrayIndex(token, container.length - 1, pointer);
    return container[index];
  }
  if (!Object.hasOwn(container, token)) throw new Error(`JSON Patch path "${pointer}" does not exist`);
  return container[token];
}

function get(root: unknown, pointer: string): unknown {
  let node = root;
  for (const token of tokens(pointer)) {
    if (!isContainer(node)) throw new Error(`JSON Patch path "${pointer}" does not exist`);
    node = child(node, token, pointer);
  }
  return node;
}

/** The container that holds the pointer's last token, and that token. */
function parentOf(root: unknown, pointer: string): { parent: Container; key: string } {
  const path = tokens(pointer);
  const key = path.pop();
  if (key === undefined) throw new Error('A JSON Patch cannot remove the whole document');
  const parent = get(root, path.length === 0 ? '' : `/${path.map((t) => t.replace(/~/g, '~0').replace(/\//g, '~1')).join('/')}`);
  if (!isContainer(parent)) throw new Error(`JSON Patch path "${pointer}" does not exist`);
  return { parent, key };
}

function put(root: unknown, pointer: string, value: unknown, op: 'add' | 'replace'): unknown {
  if (pointer === '') return value;
  const { parent, key } = parentOf(root, pointer);
  if (Array.isArray(parent)) {
    if (op === 'replace') parent[arrayIndex(key, parent.length - 1, pointer)] = value;
    else parent.splice(key === '-' ? parent.length : arrayIndex(key, parent.length, pointer), 0, value);
  } else {
    // A plain assignment of `__proto__` would set the prototype instead of the key.
    Object.defineProperty(parent, key, { value, enumerable: true, writable: true, configurable: true });
  }
  return root;
}

function remove(root: unknown, pointer: string): unknown {
  const { parent, key } = parentOf(root, pointer);
  if (Array.isArray(parent)) {
    parent.splice(arrayIndex(key, parent.length - 1, pointer), 1);
  } else {
    if (!Object.hasOwn(parent, key)) throw new Error(`JSON Patch path "${pointer}" does not exist`);
    delete parent[key];
  }
  return root;
}

function arrayIndex(token: string, max: number, pointer: string): number {
  if (!/^(0|[1-9]\d*)$/.test(token) || Number(token) > max) throw new Error(`JSON Patch path "${pointer}" does not exist`);
  return Number(token);
}

function jsonEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (!isContainer(a) || !isContainer(b) || Array.isArray(a) !== Array.isArray(b)) return false;
  const keysA = Object.keys(a);
  const keysB = Object.keys(b);
  if (keysA.length !== keysB.length) return false;
  return keysA.every((key) => Object.hasOwn(b, key) && jsonEqual((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]));
}
