import htm from 'htm';
import { h, type VNode } from 'preact';

/** Tagged templates for Preact: no JSX step, so the sources type-check and bundle as plain TS. */
export const html = htm.bind(h) as (strings: TemplateStringsArray, ...values: unknown[]) => VNode;
