// commander's argParser from a parser that answers null for a bad value: the option's own
// translated message is then commander's "invalid argument" error (see usage-errors.ts).

import { InvalidArgumentError } from 'commander';

export function parsed<T>(parse: (text: string) => T | null, message: string): (value: string) => T {
  return (value: string): T => {
    const result = parse(value);
    if (result === null) throw new InvalidArgumentError(message);
    return result;
  };
}
