/**
 * A file could not be read. `message` is Russian and names the problem in words a procurement
 * specialist understands; `location` names the line (text formats) or element path (XML).
 */
export class ParseError extends Error {
  readonly location?: string;
  constructor(message: string, location?: string) {
    super(location ? `${message} (${location})` : message);
    this.name = 'ParseError';
    this.location = location;
  }
}
