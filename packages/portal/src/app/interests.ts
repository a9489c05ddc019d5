import { useState } from 'preact/hooks';
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

/** True when every word of `query` is found in one of `texts`, ignoring case. */
export function matchesSearch(query: string, texts: readonly string[]): boolean {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  const haystack = texts.join(' ').toLowerCase();
  return words.every((word) => haystack.includes(word));
}

/** "12 of 57 events", for a search's polite announcement. */
export const countOf = (shown: number, total: number): string =>
  `${shown} of ${total} event${total === 1 ? '' : 's'}`;

/** One category: its legend, a button selecting (or clearing) every event shown, and the events. */
function InterestGroup(props: {
  readonly category: string;
  readonly entries: readonly DictionaryEntry[];
  readonly selected: ReadonlySet<string>;
  readonly onToggle: (name: string, on: boolean) => void;
}) {
  const { category, entries, selected } = props;
  const all = entries.every((entry) => selected.has(entry.name));
  return html`<fieldset class="ap-interest-group">
    <legend>${category}</legend>
    <button
      type="button"
      class="ap-interest-all"
      onClick=${() => {
        for (const entry of entries) props.onToggle(entry.name, !all);
      }}
    >
      ${all ? 'Clear all' : 'Select all'}<span class="ap-visually-hidden"> in ${category}</span>
    </button>
    <ul class="ap-interest-list">
      ${entries.map((entry) => {
        const id = `ap-interest-${entry.name}`;
        return html`<li class="ap-check ap-interest" key=${entry.name}>
          <input
            type="checkbox"
            id=${id}
            name="webhookInterests"
            value=${entry.name}
            checked=${selected.has(entry.name)}
            aria-describedby=${`${id}-about`}
            onChange=${(event: Event) => props.onToggle(entry.name, (event.target as HTMLInputElement).checked)}
          />
          <span class="ap-interest-text">
            <label for=${id}>${entry.name}</label>
            <span class="ap-muted ap-interest-about" id=${`${id}-about`}>${entry.description}</span>
          </span>
        </li>`;
      })}
    </ul>
  </fieldset>`;
}

/**
 * The interests picker: the subscribable events only, one fieldset per category with a button
 * selecting the group, each event with its description, and a search over names and
 * descriptions. A checked event the search hides stays checked.
 */
export function InterestsPicker(props: {
  readonly dictionary: readonly DictionaryEntry[];
  readonly selected: ReadonlySet<string>;
  readonly onToggle: (name: string, on: boolean) => void;
}) {
  const [query, setQuery] = useState('');
  const subscribable = props.dictionary.filter((entry) => entry.subscribable);
  const shown = subscribable.filter((entry) => matchesSearch(query, [entry.name, entry.description]));
  const hiddenChecked = subscribable.filter(
    (entry) => props.selected.has(entry.name) && !shown.includes(entry),
  ).length;
  return html`<div class="ap-interest-picker">
    <div class="ap-search">
      <label for="ap-interests-search">Search events</label>
      <input
        id="ap-interests-search"
        type="search"
        value=${query}
        aria-describedby="ap-interests-count"
        onInput=${(event: Event) => setQuery((event.target as HTMLInputElement).value)}
        onKeyDown=${(event: KeyboardEvent) => {
          // Enter filters; it never submits the endpoint form.
          if (event.key === 'Enter') event.preventDefault();
        }}
      />
    </div>
    <p id="ap-interests-count" class="ap-muted" role="status">
      ${countOf(shown.length, subscribable.length)}${`, ${props.selected.size} selected`}${
        hiddenChecked ? ` (${hiddenChecked} hidden by the search)` : ''
      }
    </p>
    ${shown.length === 0 && subscribable.length > 0 ? html`<p>No event matches the search.</p>` : null}
    <div class="ap-interest-groups">
      ${byCategory(shown).map(
        ([category, entries]) =>
          html`<${InterestGroup}
            key=${category}
            category=${category}
            entries=${entries}
            selected=${props.selected}
            onToggle=${props.onToggle}
          />`,
      )}
    </div>
  </div>`;
}
