/** The part of smtp-server the tests use (the package ships no types). */
declare module "smtp-server" {
  import type { Server } from "node:net";
  import type { Readable } from "node:stream";
  export type SMTPServerOptions = {
    authOptional?: boolean;
    disabledCommands?: string[];
    logger?: boolean;
    onData?: (stream: Readable, session: unknown, callback: (err?: Error | null) => void) => void;
    onMailFrom?: (
      address: { address: string },
      session: unknown,
      callback: (err?: Error | null) => void,
    ) => void;
  };
  export class SMTPServer {
    constructor(options: SMTPServerOptions);
    server: Server;
    listen(port: number, host: string, callback?: () => void): void;
    close(callback?: () => void): void;
  }
}
