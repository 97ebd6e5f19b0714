/**
 * The query of an operation that takes no parameters: every name given is unknown
 * (docs/api.md#query-parameters). A class with no rules, so the validator's whitelist reports each
 * one.
 */
export class NoQuery {}
