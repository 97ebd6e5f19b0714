/**
 * The query of an operation that takes no parameters: every name given is unknown (decisions §4).
 * A class with no rules, so the validator's whitelist reports each one.
 */
export class NoQuery {}
