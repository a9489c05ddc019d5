import { html } from './html';
import type { DictionaryEntry } from './types';

/** Why an event cannot be picked, in plain words; undefined when it can. */
export function whyNotSubscribable(entry: DictionaryEntry): string | undefined {
  if (entry.subscribable) return undefined;
  if (entry.visibility === 'internal') return 'internal event, never delivered to affiliates';
  if (!entry.implemented) return 'defined, but not emitted yet';
  return 'not subscribable';
}

/** The dictionary grouped by category, in dictionary order. */
export function byCategory(entries: readonly DictionaryEntry[]): [string, DictionaryEntry[]][] {
  const groups = new Map<string, DictionaryEntry[]>();
  for (const entry of entries) {
    const group = groups.get(entry.category) ?? [];
    group.push(entry);
    groups.set(entry.category, group);
  }
  return [...groups];
}

/**
 * The interests picker: one fieldset per category, a checkbox per event; events that cannot be
 * subscribed are shown disabled with the reason beside them.
 */
export function InterestsPicker(props: {
  readonly dictionary: readonly DictionaryEntry[];
  readonly selected: ReadonlySet<string>;
  readonly onToggle: (name: string, on: boolean) => void;
}) {
  return html`<div class="ap-interests">
    ${byCategory(props.dictionary).map(
      ([category, entries]) => html`<fieldset key=${category}>
        <legend>${category}</legend>
        ${entries.map((entry) => {
          const why = whyNotSubscribable(entry);
          const id = `ap-interest-${entry.name}`;
          return html`<div class="ap-check" key=${entry.name}>
            <input
              type="checkbox"
              id=${id}
              name="webhookInterests"
              value=${entry.name}
              checked=${props.selected.has(entry.name)}
              disabled=${why !== undefined}
              aria-describedby=${why ? `${id}-why` : undefined}
              onChange=${(event: Event) => props.onToggle(entry.name, (event.target as HTMLInputElement).checked)}
            />
            <label for=${id}>${entry.name}</label>
            ${why ? html`<span class="ap-muted" id=${`${id}-why`}> (${why})</span>` : null}
          </div>`;
        })}
      </fieldset>`,
    )}
  </div>`;
}
