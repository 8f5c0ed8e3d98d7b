// jsdom ships no types and @types/jsdom is not installed: the little the benches use.
declare module 'jsdom' {
  export class JSDOM {
    constructor(html?: string, options?: { pretendToBeVisual?: boolean; url?: string });
    readonly window: Window;
  }
}
