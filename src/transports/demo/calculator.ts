const MAX_LENGTH = 1000;
// Deep nesting would otherwise overflow the call stack of the recursive parser.
const MAX_DEPTH = 100;

/**
 * Evaluates an arithmetic expression: numbers, `+ - * /`, unary signs and parentheses
 * (`×` and `÷` are read as `*` and `/`). No `eval`: a small recursive-descent parser.
 * The result is rounded to 12 significant digits so that `0.1+0.2` gives `0.3`.
 *
 * @throws Error with a readable message for anything else (empty, unknown characters,
 * unbalanced parentheses, division by zero, a result that is not finite).
 */
export function evaluateArithmetic(expression: string): number {
  if (expression.length > MAX_LENGTH) throw new Error(`Expression is too long (over ${MAX_LENGTH} characters)`);
  const source = expression.replace(/×/g, '*').replace(/÷/g, '/');
  if (source.trim() === '') throw new Error('Empty expression');
  let pos = 0;
  let depth = 0;

  const skipSpaces = () => {
    while (pos < source.length && /\s/.test(source[pos] ?? '')) pos++;
  };
  const peek = (): string | undefined => {
    skipSpaces();
    return source[pos];
  };
  const fail = (what: string): never => {
    throw new Error(`${what} at position ${pos + 1} in "${expression}"`);
  };

  const parseExpression = (): number => {
    let value = parseTerm();
    for (let op = peek(); op === '+' || op === '-'; op = peek()) {
      pos++;
      const right = parseTerm();
      value = op === '+' ? value + right : value - right;
    }
    return value;
  };

  const parseTerm = (): number => {
    let value = parseFactor();
    for (let op = peek(); op === '*' || op === '/'; op = peek()) {
      pos++;
      const right = parseFactor();
      if (op === '/' && right === 0) throw new Error(`Division by zero in "${expression}"`);
      value = op === '*' ? value * right : value / right;
    }
    return value;
  };

  const parseFactor = (): number => {
    const char = peek();
    if (char === undefined) return fail('Unexpected end of expression');
    if (char === '+' || char === '-') {
      pos++;
      const value = nested(parseFactor);
      return char === '-' ? -value : value;
    }
    if (char === '(') {
      pos++;
      const value = nested(parseExpression);
      if (peek() !== ')') return fail('Missing ")"');
      pos++;
      return value;
    }
    const number = /^(?:\d+(?:\.\d*)?|\.\d+)/.exec(source.slice(pos));
    if (!number) return fail(`Unexpected character "${char}"`);
    pos += number[0].length;
    return Number(number[0]);
  };

  const nested = (parse: () => number): number => {
    if (++depth > MAX_DEPTH) fail('Expression is nested too deeply');
    const value = parse();
    depth--;
    return value;
  };

  const value = parseExpression();
  if (peek() !== undefined) fail(`Unexpected character "${peek()}"`);
  if (!Number.isFinite(value)) throw new Error(`The result of "${expression}" is not a finite number`);
  const rounded = Number(value.toPrecision(12));
  // Normalise -0 so `-0` never reaches the model as a surprising "0" vs "-0".
  return rounded === 0 ? 0 : rounded;
}
