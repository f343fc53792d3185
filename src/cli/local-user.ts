// The person at the keyboard, as the CLI names them in a state: who approved, who asked. A user
// without a passwd entry (some containers) is named by $USER, or `local`.
import os from 'node:os';

export function localUserName(): string {
  try {
    return os.userInfo().username;
  } catch {
    return process.env.USER || 'local';
  }
}
