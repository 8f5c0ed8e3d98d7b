import * as z from 'zod';
import { defineTool, type ToolSet } from '../../core/tools/define-tool';
import { evaluateArithmetic } from './calculator';
import { wait } from '../../core/model/demo/wait';

interface CityWeather {
  tempC: number;
  conditions: string;
}

const WEATHER: Record<string, CityWeather> = {
  Paris: { tempC: 21, conditions: 'sunny' },
  London: { tempC: 14, conditions: 'rain' },
  Tokyo: { tempC: 18, conditions: 'cloudy' },
  'New York': { tempC: 24, conditions: 'clear' },
  Berlin: { tempC: 16, conditions: 'windy' },
  Sydney: { tempC: 26, conditions: 'sunny' },
  Reykjavik: { tempC: 5, conditions: 'snow' },
  'San Francisco': { tempC: 17, conditions: 'fog' },
};

const TIME_ZONES: Record<string, string> = {
  Paris: 'Europe/Paris',
  London: 'Europe/London',
  Tokyo: 'Asia/Tokyo',
  'New York': 'America/New_York',
  Berlin: 'Europe/Berlin',
  Sydney: 'Australia/Sydney',
  Reykjavik: 'Atlantic/Reykjavik',
  'San Francisco': 'America/Los_Angeles',
};

/** The table's own spelling of `city`, whatever its case and spacing. */
function findCity<T>(table: Record<string, T>, city: string): [string, T] | undefined {
  const wanted = city.trim().replace(/\s+/g, ' ').toLowerCase();
  return Object.entries(table).find(([name]) => name.toLowerCase() === wanted);
}

function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

const toFahrenheit = (celsius: number) => Math.round((celsius * 9) / 5 * 10 + 320) / 10;

const SLOW_SEARCH_MS = 3000;

/**
 * The browser-side tools the embedded demo model knows how to use. All of them run offline
 * on fixed data: weather from a small table, the clock of the machine, a safe calculator.
 */
export const demoTools = {
  getWeather: defineTool({
    description:
      'Current weather for a city: temperature in °C (and °F when asked) and conditions. Knows Paris, London, Tokyo, New York, Berlin, Sydney, Reykjavik and San Francisco.',
    inputSchema: z.object({
      city: z.string().min(1).describe('City name, e.g. "Paris"'),
      unit: z.enum(['celsius', 'fahrenheit']).optional().describe('Also report °F when "fahrenheit"'),
    }),
    execute: ({ city, unit }) => {
      const found = findCity(WEATHER, city);
      if (!found) throw new Error(`Unknown city: ${city}`);
      const [name, weather] = found;
      return {
        city: name,
        tempC: weather.tempC,
        conditions: weather.conditions,
        ...(unit === 'fahrenheit' ? { tempF: toFahrenheit(weather.tempC) } : {}),
      };
    },
  }),

  getTime: defineTool({
    description: 'Current local time in a city (or an IANA time zone such as "UTC"), with its time zone.',
    inputSchema: z.object({ city: z.string().min(1).describe('City name, e.g. "Tokyo"') }),
    execute: ({ city }) => {
      const found = findCity(TIME_ZONES, city);
      const timeZone = found?.[1] ?? (isTimeZone(city.trim()) ? city.trim() : undefined);
      if (!timeZone) throw new Error(`Unknown city: ${city}`);
      const now = new Date();
      const time = new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(now);
      const date = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
      return { city: found?.[0] ?? city.trim(), time, date, timeZone };
    },
  }),

  calculate: defineTool({
    description: 'Evaluates an arithmetic expression with numbers, + - * / and parentheses, e.g. "(2+3)*4".',
    inputSchema: z.object({ expression: z.string().describe('The expression, e.g. "2+2"') }),
    execute: ({ expression }) => ({ expression, result: evaluateArithmetic(expression) }),
  }),

  convertTemperature: defineTool({
    description: 'Converts a temperature in °C to Fahrenheit, Kelvin or Celsius.',
    inputSchema: z.object({
      celsius: z.number().describe('Temperature in °C'),
      to: z.enum(['fahrenheit', 'kelvin', 'celsius']),
    }),
    execute: ({ celsius, to }) => {
      if (to === 'fahrenheit') return { celsius, to, value: toFahrenheit(celsius), unit: '°F' };
      if (to === 'kelvin') return { celsius, to, value: Math.round((celsius + 273.15) * 100) / 100, unit: 'K' };
      return { celsius, to, value: celsius, unit: '°C' };
    },
  }),

  deleteFile: defineTool({
    description: 'Deletes a file (pretend: nothing is touched). Asks the user for approval first.',
    inputSchema: z.object({ path: z.string().min(1).describe('Path of the file, e.g. "report.pdf"') }),
    needsApproval: true,
    // "Allow for this chat" and "Always allow" cover one folder: the card says which, in words.
    grantScope: ({ path }) => (path.includes('/') ? `files in ${path.slice(0, path.lastIndexOf('/') + 1)}` : 'files in the top folder'),
    execute: ({ path }) => ({ deleted: path }),
  }),

  slowSearch: defineTool({
    description: `Searches the web for a query (fake results). Slow: takes ${SLOW_SEARCH_MS / 1000} seconds, so it can be stopped.`,
    inputSchema: z.object({ query: z.string().min(1).describe('What to search for') }),
    execute: async ({ query }, { signal }) => {
      await wait(SLOW_SEARCH_MS, signal);
      const slug = encodeURIComponent(query.trim().toLowerCase().replace(/\s+/g, '-'));
      return {
        query,
        results: [
          { title: `${query}: an overview`, url: `https://example.com/${slug}` },
          { title: `${query} explained`, url: `https://example.org/wiki/${slug}` },
          { title: `10 facts about ${query}`, url: `https://example.net/facts/${slug}` },
        ],
      };
    },
  }),
} satisfies ToolSet;
