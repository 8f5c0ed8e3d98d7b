// Vite's `?raw` imports: a file's text, for the stories' "Show code".
declare module '*?raw' {
  const source: string;
  export default source;
}
