import { stdin, stdout } from "node:process";
import { CliError } from "./cli-context";

/** Reads a password without echoing it; refuses when there is no terminal to ask on. */
export async function promptPassword(question: string): Promise<string> {
  if (!stdin.isTTY) throw new CliError("No terminal to ask for a password on: set GOODHART_PASSWORD");
  stdout.write(question);
  stdin.setRawMode(true);
  stdin.resume();
  stdin.setEncoding("utf8");
  return new Promise((resolve, reject) => {
    let password = "";
    const onData = (char: string) => {
      if (char === "\r" || char === "\n") {
        finish();
        stdout.write("\n");
        resolve(password);
      } else if (char === "\u0003") {
        finish();
        reject(new CliError("cancelled"));
      } else if (char === "\u007f") {
        password = password.slice(0, -1);
      } else {
        password += char;
      }
    };
    const finish = () => {
      stdin.setRawMode(false);
      stdin.pause();
      stdin.off("data", onData);
    };
    stdin.on("data", onData);
  });
}
