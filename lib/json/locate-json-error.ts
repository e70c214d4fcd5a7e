/**
 * Finds where a text stops being valid JSON. Only run after JSON.parse has failed, because V8's
 * messages do not always carry a position. Iterative (an explicit stack), so deep nesting is fine.
 */
export function locateJsonError(text: string): { offset: number; reason: string } {
  let i = 0;
  const stack: ("{" | "[")[] = [];
  const fail = (reason: string) => ({ offset: Math.min(i, text.length), reason });
  const skipSpace = () => {
    while (i < text.length && " \t\n\r".includes(text.charAt(i))) i++;
  };
  const unexpected = () =>
    i >= text.length
      ? fail("unexpected end of input (truncated?)")
      : fail(`unexpected character ${JSON.stringify(text.charAt(i))}`);

  // Reads one scalar, or opens a container; returns an error or null.
  const readValue = (): { offset: number; reason: string } | null => {
    skipSpace();
    const c = text.charAt(i);
    if (c === "{" || c === "[") {
      stack.push(c);
      i++;
      skipSpace();
      if (text.charAt(i) === (c === "{" ? "}" : "]")) {
        stack.pop();
        i++;
        return null;
      }
      return c === "{" ? readKey() : readValue();
    }
    if (c === '"') return readString();
    const literal = /^(?:true|false|null|-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?)/.exec(text.slice(i, i + 400));
    if (!literal) return unexpected();
    i += literal[0].length;
    return null;
  };
  const readKey = (): { offset: number; reason: string } | null => {
    skipSpace();
    if (text.charAt(i) !== '"') return i >= text.length ? unexpected() : fail("expected a property name in double quotes");
    const error = readString();
    if (error) return error;
    skipSpace();
    if (text.charAt(i) !== ":") return i >= text.length ? unexpected() : fail("expected ':' after property name");
    i++;
    return readValue();
  };
  const readString = (): { offset: number; reason: string } | null => {
    i++;
    while (i < text.length) {
      const c = text.charAt(i);
      if (c === '"') {
        i++;
        return null;
      }
      if (c === "\\") {
        const next = text.charAt(i + 1);
        if (next === "u" ? !/^[0-9a-fA-F]{4}$/.test(text.slice(i + 2, i + 6)) : !'"\\/bfnrt'.includes(next) || next === "") {
          return i + 1 >= text.length ? fail("unexpected end of input (truncated?)") : fail("invalid escape in string");
        }
        i += next === "u" ? 6 : 2;
        continue;
      }
      if (c < " ") return fail("control character in string");
      i++;
    }
    return fail("unexpected end of input in a string (truncated?)");
  };

  let error = readValue();
  while (!error) {
    skipSpace();
    const top = stack[stack.length - 1];
    if (!top) {
      return i < text.length ? fail("unexpected text after the JSON value") : fail("invalid JSON");
    }
    const c = text.charAt(i);
    if (c === ",") {
      i++;
      error = top === "{" ? readKey() : readValue();
    } else if (c === (top === "{" ? "}" : "]")) {
      stack.pop();
      i++;
    } else {
      error = i >= text.length ? unexpected() : fail(`expected ',' or '${top === "{" ? "}" : "]"}'`);
    }
  }
  return error;
}

/** 1-based line and column of a character offset. */
export function lineAndColumn(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  for (let i = text.indexOf("\n"); i !== -1 && i < offset; i = text.indexOf("\n", i + 1)) {
    line++;
    lineStart = i + 1;
  }
  return { line, column: offset - lineStart + 1 };
}
