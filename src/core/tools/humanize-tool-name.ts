/**
 * A tool name as people read it: `getWeather` → "Get weather", `list_open_issues` → "List open
 * issues", `fetchHTMLPage` → "Fetch HTML page". Acronyms keep their capitals.
 */
export function humanizeToolName(name: string): string {
  const words = name
    .replace(/([a-z\d])([A-Z])/g, '$1 $2')
    .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
    .split(/[\s_\-.:/]+/)
    .filter((word) => word !== '');
  if (words.length === 0) return name;
  return words
    .map((word, index) => {
      if (word.length > 1 && word === word.toUpperCase()) return word;
      const lower = word.toLowerCase();
      return index === 0 ? lower.charAt(0).toUpperCase() + lower.slice(1) : lower;
    })
    .join(' ');
}
