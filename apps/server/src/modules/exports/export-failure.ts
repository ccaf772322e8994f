/**
 * A reason an export cannot be built that the user can act on (Russian): the job ends failed with
 * this text in the notification, and no file is stored. Other errors are retried by the queue.
 */
export class ExportFailure extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ExportFailure';
  }
}
