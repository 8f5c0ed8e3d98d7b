import { Validator, type Schema as CfSchema } from '@cfworker/json-schema';
import { useId, useMemo, useState, type FormEvent } from 'react';
import { formatSchemaErrors } from '../json-schema';
import type { McpElicitation, McpElicitationSchema } from '../elicitation/elicitations';

type Field = McpElicitationSchema['properties'][string];
type Value = string | number | boolean | string[];

export interface ElicitationFormProps {
  elicitation: McpElicitation;
}

interface Choice {
  value: string;
  label: string;
}

/** The choices of an enum field (`enum`, `enumNames`, `oneOf` / `anyOf` of `{ const, title }`), or none. */
function choicesOf(field: Field): Choice[] | undefined {
  const source = field.type === 'array' ? field.items : field;
  if ('enum' in source && Array.isArray(source.enum)) {
    const names = 'enumNames' in source && Array.isArray(source.enumNames) ? source.enumNames : [];
    return source.enum.map((value, i) => ({ value, label: names[i] ?? value }));
  }
  const titled = 'oneOf' in source ? source.oneOf : 'anyOf' in source ? source.anyOf : undefined;
  return Array.isArray(titled) ? titled.map(({ const: value, title }) => ({ value, label: title })) : undefined;
}

function initialValue(field: Field): Value | undefined {
  if ('default' in field && field.default !== undefined) return field.default;
  if (field.type === 'boolean') return false;
  if (field.type === 'array') return [];
  return undefined;
}

const INPUT_TYPES: Record<string, string> = { email: 'email', uri: 'url', date: 'date', 'date-time': 'datetime-local' };

/** The form's value as the schema types it: numbers from text, dates as ISO strings, empty fields left out. */
function contentOf(schema: McpElicitationSchema, values: ReadonlyMap<string, Value>): Record<string, Value> {
  const content: Record<string, Value> = Object.create(null) as Record<string, Value>;
  for (const [name, field] of Object.entries(schema.properties)) {
    const value = values.get(name);
    if (value === undefined || value === '') continue;
    if ((field.type === 'number' || field.type === 'integer') && typeof value === 'string') content[name] = Number(value);
    else if (field.type === 'string' && 'format' in field && field.format === 'date-time' && typeof value === 'string' && !Number.isNaN(Date.parse(value))) content[name] = new Date(value).toISOString();
    else content[name] = value;
  }
  return content;
}

/**
 * A server's question (MCP elicitation, form mode) as a form: one field per property of its
 * schema (text, email, URL, date, number, a checkbox, a choice, several choices), checked
 * against the schema before it goes. Submit accepts with the values, Decline refuses, Cancel
 * leaves it unanswered; each is answered to the server at once.
 */
export function ElicitationForm({ elicitation }: ElicitationFormProps) {
  const { requestedSchema: schema } = elicitation;
  const id = useId();
  const [values, setValues] = useState(() => new Map(Object.entries(schema.properties).flatMap(([name, field]) => {
    const value = initialValue(field);
    return value === undefined ? [] : [[name, value] as const];
  })));
  const [problem, setProblem] = useState<string | undefined>(undefined);
  const validator = useMemo(() => {
    try {
      return new Validator(schema as unknown as CfSchema, '2020-12', false);
    } catch {
      return undefined;
    }
  }, [schema]);
  const required = new Set(schema.required ?? []);
  const set = (name: string, value: Value) => {
    setProblem(undefined);
    setValues((current) => new Map(current).set(name, value));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const content = contentOf(schema, values);
    const result = validator?.validate(content);
    if (result && !result.valid) {
      setProblem(formatSchemaErrors(result.errors));
      return;
    }
    elicitation.respond({ action: 'accept', content });
  };

  return (
    <form className="toolchat-elicitation" aria-labelledby={`${id}-message`} onSubmit={submit} noValidate>
      <p className="toolchat-elicitation-message" id={`${id}-message`}>
        {elicitation.message}
      </p>
      {Object.entries(schema.properties).map(([name, field]) => {
        const fieldId = `${id}-${name}`;
        const label = field.title ?? name;
        const choices = choicesOf(field);
        const value = values.get(name);
        const hint = field.description ? <span className="toolchat-elicitation-hint">{field.description}</span> : null;
        if (field.type === 'boolean') {
          return (
            <label key={name} className="toolchat-elicitation-field" data-type="boolean">
              <input type="checkbox" checked={value === true} onChange={(event) => set(name, event.target.checked)} />
              {label}
              {hint}
            </label>
          );
        }
        if (field.type === 'array' && choices) {
          const chosen = Array.isArray(value) ? value : [];
          return (
            <fieldset key={name} className="toolchat-elicitation-field">
              <legend>{label}</legend>
              {hint}
              {choices.map((choice) => (
                <label key={choice.value}>
                  <input
                    type="checkbox"
                    checked={chosen.includes(choice.value)}
                    onChange={(event) => set(name, event.target.checked ? [...chosen, choice.value] : chosen.filter((item) => item !== choice.value))}
                  />
                  {choice.label}
                </label>
              ))}
            </fieldset>
          );
        }
        return (
          <label key={name} className="toolchat-elicitation-field" htmlFor={fieldId}>
            <span>
              {label}
              {required.has(name) ? ' *' : ''}
            </span>
            {hint}
            {choices ? (
              <select id={fieldId} value={typeof value === 'string' ? value : ''} required={required.has(name)} onChange={(event) => set(name, event.target.value)}>
                <option value="">—</option>
                {choices.map((choice) => (
                  <option key={choice.value} value={choice.value}>
                    {choice.label}
                  </option>
                ))}
              </select>
            ) : (
              <input
                id={fieldId}
                type={field.type === 'number' || field.type === 'integer' ? 'number' : field.type === 'string' && 'format' in field && field.format ? (INPUT_TYPES[field.format] ?? 'text') : 'text'}
                {...(field.type === 'integer' ? { step: 1 } : {})}
                required={required.has(name)}
                value={typeof value === 'string' || typeof value === 'number' ? value : ''}
                onChange={(event) => set(name, event.target.value)}
              />
            )}
          </label>
        );
      })}
      {problem !== undefined && (
        <p className="toolchat-elicitation-problem" role="alert">
          {problem}
        </p>
      )}
      <div className="toolchat-tool-actions">
        <button type="submit" className="toolchat-button" data-variant="primary">
          Submit
        </button>
        <button type="button" className="toolchat-button" onClick={() => elicitation.respond({ action: 'decline' })}>
          Decline
        </button>
        <button type="button" className="toolchat-button" data-variant="quiet" onClick={() => elicitation.respond({ action: 'cancel' })}>
          Cancel
        </button>
      </div>
    </form>
  );
}
ElicitationForm.displayName = 'ElicitationForm';
