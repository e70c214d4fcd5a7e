/** A problem with one source record; `path` names the field at fault ("messages[3].role"). */
export class SourceError extends Error {
  constructor(
    readonly path: string,
    message: string,
  ) {
    super(path ? `${path}: ${message}` : message);
    this.name = "SourceError";
  }
}
