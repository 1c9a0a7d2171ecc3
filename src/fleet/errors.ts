// The fleet client's failures: a message key of src/i18n/messages/fleet.ts and its parameters, so
// the caller words them in the user's language. No parameter carries a password.

export type FleetErrorKey =
  | 'fleet.error.badUrl'
  | 'fleet.error.credentialsTwice'
  | 'fleet.error.unreachable'
  | 'fleet.error.timeout'
  | 'fleet.error.auth'
  | 'fleet.error.http'
  | 'fleet.error.notPrometheus'
  | 'fleet.error.query'
  | 'fleet.error.redirect'
  | 'fleet.error.tooLarge';

export class FleetError extends Error {
  constructor(
    readonly key: FleetErrorKey,
    readonly params: Record<string, string | number>,
  ) {
    super(`${key} ${JSON.stringify(params)}`);
    this.name = 'FleetError';
  }
}
