// How every command-line program ends: with the code its `main` returns, or, when it throws,
// the error's message on stderr and code 1.
export function runCommand(main: () => Promise<number>): void {
  main().then(
    (code) => process.exit(code),
    (error: unknown) => {
      console.error(error instanceof Error ? error.message : error);
      process.exit(1);
    },
  );
}
