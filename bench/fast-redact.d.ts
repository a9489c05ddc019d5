declare module 'fast-redact' {
  interface Options {
    paths: string[];
    remove?: boolean;
    censor?: unknown;
    serialize?: boolean | ((value: unknown) => string);
  }
  export default function fastRedact(options: Options): (value: unknown) => string | unknown;
}
