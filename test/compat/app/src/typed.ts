/** The names of a module's exports whose type is `any` (what an unresolved declaration gives). */
type AnyMembers<T> = { [K in keyof T]-?: 0 extends 1 & T[K] ? K : never }[keyof T];

/** `'typed'` when the module has exports and none of them is `any`; else what is wrong. */
export type Typed<T> = [keyof T] extends [never] ? 'no exports' : [AnyMembers<T>] extends [never] ? 'typed' : { anyExports: AnyMembers<T> };
