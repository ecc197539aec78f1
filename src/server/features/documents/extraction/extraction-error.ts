/** A document that cannot be read at all; `message` is safe to show to the user. */
export class ExtractionError extends Error {
  constructor(
    message: string,
    readonly reason: 'corrupt' | 'password-protected' | 'unsupported',
  ) {
    super(message);
    this.name = 'ExtractionError';
  }
}
