import { Injectable } from '@nestjs/common';

/**
 * Whether the service takes work: ready once listening, draining from SIGTERM on
 * (docs/operations.md#probes).
 */
@Injectable()
export class Lifecycle {
  private listening = false;
  private drainingSince?: number;

  markListening(): void {
    this.listening = true;
  }

  startDraining(): void {
    this.drainingSince ??= Date.now();
  }

  get draining(): boolean {
    return this.drainingSince !== undefined;
  }

  get ready(): boolean {
    return this.listening && !this.draining;
  }
}
