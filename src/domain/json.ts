/**
 * A server type as the browser reads it after JSON (docs/architecture.md): each Date an ISO string, in objects,
 * arrays and unions (`Date | null` is `string | null`) alike. The browser's views are declared as
 * `Json<…>` of the server's types, so a change on the server breaks the browser's types at compile time.
 */
export type Json<T> = T extends Date
  ? string
  : T extends readonly (infer U)[]
    ? Json<U>[]
    : T extends object
      ? { [K in keyof T]: Json<T[K]> }
      : T;
