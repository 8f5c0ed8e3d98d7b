import type { ToolCallView } from 'toolchat';
import './weather-card.css';

interface Weather {
  city: string;
  tempC: number;
  conditions: string;
  tempF?: number;
}

const isWeather = (value: unknown): value is Weather =>
  typeof value === 'object' && value !== null && typeof (value as Weather).tempC === 'number' && typeof (value as Weather).city === 'string';

/** The city the call asks about, also while its arguments stream. */
const cityOf = (call: ToolCallView) => {
  const city = (call.input as { city?: unknown } | undefined)?.city;
  return typeof city === 'string' && city !== '' ? city : undefined;
};

/**
 * Generative UI for `getWeather` (`renderTool={{ getWeather: (call) => <WeatherCard call={call} /> }}`):
 * the sky over the city while the tool runs, then the temperature and conditions. Custom cards stay
 * where they are after the answer. Themed by the chat's `--toolchat-*` variables.
 */
export function WeatherCard({ call }: { call: ToolCallView }) {
  const city = cityOf(call);
  if (call.phase === 'done' && isWeather(call.output)) {
    const { city: name, tempC, conditions, tempF } = call.output;
    return (
      <figure className="weather-card" data-conditions={conditions} aria-label={`Weather in ${name}`}>
        <ConditionsIcon conditions={conditions} />
        <div className="weather-card-reading">
          <span className="weather-card-temp">{tempC}°C</span>
          {tempF !== undefined && <span className="weather-card-alt">{tempF}°F</span>}
        </div>
        <figcaption>
          <span className="weather-card-city">{name}</span>
          <span className="weather-card-conditions">{conditions}</span>
        </figcaption>
      </figure>
    );
  }
  if (call.phase === 'error' || call.phase === 'interrupted' || call.phase === 'cancelled' || call.phase === 'denied') {
    return (
      <p className="weather-card" data-state="failed">
        No weather for {city ?? 'that place'}{call.error ? `: ${call.error}` : ''}
      </p>
    );
  }
  return (
    <p className="weather-card" data-state="loading">
      Checking the sky over {city ?? 'the city'}…
    </p>
  );
}

/** A small drawing of the conditions; decorative, the words say the same. */
function ConditionsIcon({ conditions }: { conditions: string }) {
  const kind = /sun|clear/i.test(conditions) ? 'sun' : /rain|shower/i.test(conditions) ? 'rain' : /snow/i.test(conditions) ? 'snow' : 'cloud';
  return (
    <svg className="weather-card-icon" data-kind={kind} viewBox="0 0 48 48" width="48" height="48" aria-hidden="true">
      {kind === 'sun' ? (
        <g>
          <circle cx="24" cy="24" r="9" />
          {Array.from({ length: 8 }, (_, index) => (
            <line key={index} x1="24" y1="5" x2="24" y2="10" transform={`rotate(${index * 45} 24 24)`} />
          ))}
        </g>
      ) : (
        <g>
          <path d="M14 30a8 8 0 0 1 1-16 11 11 0 0 1 21 3 7 7 0 0 1-1 13z" />
          {kind === 'rain' && [16, 24, 32].map((x) => <line key={x} x1={x} y1="35" x2={x - 3} y2="42" />)}
          {kind === 'snow' && [16, 24, 32].map((x) => <circle key={x} cx={x} cy="39" r="1.8" />)}
        </g>
      )}
    </svg>
  );
}
