import { useId, useLayoutEffect, useState, type ReactNode } from 'react';

export type DemoTheme = 'light' | 'dark' | 'system';

/** What the page's switches set; kept in this browser. */
export interface DemoSettings {
  theme: DemoTheme;
  /** The model writes `###:` markers instead of native tool calls (a text-only model). */
  toolMarkers: boolean;
}

const KEY = 'toolchat-demo-settings';
const THEMES: readonly DemoTheme[] = ['light', 'dark', 'system'];
const DEFAULTS: DemoSettings = { theme: 'system', toolMarkers: false };

function readSettings(): DemoSettings {
  try {
    const saved = JSON.parse(localStorage.getItem(KEY) ?? '{}') as Partial<DemoSettings>;
    return {
      theme: THEMES.includes(saved.theme as DemoTheme) ? (saved.theme as DemoTheme) : DEFAULTS.theme,
      toolMarkers: saved.toolMarkers === true,
    };
  } catch {
    return DEFAULTS;
  }
}

/** Themes the whole page, not only the chat: demo.css reads `data-theme` on `<html>`. */
export function applyTheme(theme: DemoTheme): void {
  document.documentElement.dataset.theme = theme;
}

/** The page's settings, saved as they change; the theme applies to the page at once. */
export function useDemoSettings(): [DemoSettings, (change: Partial<DemoSettings>) => void] {
  const [settings, setSettings] = useState(readSettings);
  useLayoutEffect(() => applyTheme(settings.theme), [settings.theme]);
  const change = (update: Partial<DemoSettings>) =>
    setSettings((previous) => {
      const next = { ...previous, ...update };
      try {
        localStorage.setItem(KEY, JSON.stringify(next));
      } catch {
        // Private mode: the switch still works for this visit.
      }
      return next;
    });
  return [settings, change];
}

/** Read before the first render, so the page never flashes the other theme. */
export const initialTheme = (): DemoTheme => readSettings().theme;

const THEME_NAMES: Record<DemoTheme, string> = { light: 'Light', dark: 'Dark', system: 'System' };

export interface DemoSettingsBarProps {
  settings: DemoSettings;
  onChange: (change: Partial<DemoSettings>) => void;
}

/** The theme switch and the marker-mode switch. */
export function DemoSettingsBar({ settings, onChange }: DemoSettingsBarProps) {
  return (
    <div className="demo-settings">
      <fieldset className="demo-segmented">
        <legend>Theme</legend>
        {THEMES.map((theme) => (
          <label key={theme}>
            <input
              type="radio"
              name="demo-theme"
              value={theme}
              checked={settings.theme === theme}
              onChange={() => onChange({ theme })}
            />
            <span>{THEME_NAMES[theme]}</span>
          </label>
        ))}
      </fieldset>
      <label className="demo-switch">
        <input
          type="checkbox"
          role="switch"
          checked={settings.toolMarkers}
          onChange={(event) => onChange({ toolMarkers: event.currentTarget.checked })}
          aria-describedby={settings.toolMarkers ? MARKERS_HINT_ID : undefined}
        />
        <span>Text-only model (###: markers)</span>
      </label>
    </div>
  );
}

const MARKERS_HINT_ID = 'demo-markers-hint';

/** What marker mode changes, under the header while it is on. */
export function MarkersHint() {
  return (
    <p id={MARKERS_HINT_ID} className="demo-hint">
      Marker mode: the model writes its tool calls into its text as <code>###:{'{…}'}</code>, as a model without function
      calling does, and the browser turns them into the same calls and cards. A chat of its own.
    </p>
  );
}

export interface SettingsDisclosureProps {
  children: ReactNode;
}

/**
 * The "Settings" button and the panel it opens, under the header: the chat comes first, the
 * page's options (theme, marker mode, MCP and WebMCP) are one click away.
 */
export function SettingsDisclosure({ children }: SettingsDisclosureProps) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  return (
    <>
      <button
        type="button"
        className="demo-settings-toggle"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen(!open)}
      >
        Settings
      </button>
      <div id={panelId} className="demo-settings-panel" role="group" aria-label="Settings" hidden={!open}>
        {children}
      </div>
    </>
  );
}
