import * as browser from './browser';
import { isWebhookVerificationError } from './errors';
import * as node from './index';

/** One verification case of test-vectors.json. */
export interface VectorCase {
  name: string;
  version: number;
  secrets: string[];
  body: string;
  header: string | null;
  now?: number;
  tolerance_seconds?: number;
  expect: string;
}

/** Runs a case through one build's signature check; answers 'valid' or the error code. */
export async function runCase(c: VectorCase, build: 'node' | 'web'): Promise<string> {
  const options = {
    payload: c.body,
    signature: c.header,
    secrets: c.secrets,
    ...(c.now === undefined ? {} : { now: new Date(c.now * 1000) }),
    ...(c.tolerance_seconds === undefined ? {} : { toleranceSeconds: c.tolerance_seconds }),
  };
  try {
    if (build === 'node') {
      if (c.version === 2) node.verifyWebhookSignature(options);
      else node.verifyWebhookV1(options);
    } else if (c.version === 2) await browser.verifyWebhookSignatureAsync(options);
    else await browser.verifyWebhookV1Async(options);
    return 'valid';
  } catch (error) {
    if (isWebhookVerificationError(error)) return error.code;
    throw error;
  }
}

/** One Standard Webhooks verification case of test-vectors.json: the request's headers, not one value. */
export interface StandardCase {
  name: string;
  secrets: string[];
  body: string;
  headers: Record<string, string | undefined>;
  now: number;
  tolerance_seconds: number;
  scheme?: 'affiliate-commerce' | 'standard-webhooks';
  expect: string;
}

/** Runs a standard case through one build's `verifyWebhookSignature…({ headers })`. */
export async function runStandardCase(c: StandardCase, build: 'node' | 'web'): Promise<string> {
  const options = {
    payload: c.body,
    headers: c.headers,
    secrets: c.secrets,
    now: new Date(c.now * 1000),
    toleranceSeconds: c.tolerance_seconds,
    ...(c.scheme === undefined ? {} : { scheme: c.scheme }),
  };
  try {
    if (build === 'node') node.verifyWebhookSignature(options);
    else await browser.verifyWebhookSignatureAsync(options);
    return 'valid';
  } catch (error) {
    if (isWebhookVerificationError(error)) return error.code;
    throw error;
  }
}
