/** `npm run emulator [-- --port N]`: runs the gateway emulator until Ctrl-C. */
import { startEmulator } from './server';

function portFromArgs(argv: string[]): number {
	const index = argv.indexOf('--port');
	const text = index >= 0 ? argv[index + 1] : (process.env.EMULATOR_PORT ?? '8787');
	const port = Number(text);
	if (!Number.isInteger(port) || port < 0 || port > 65535) {
		console.error(`Invalid port "${text}": give --port <0-65535> or EMULATOR_PORT.`);
		process.exit(2);
	}
	return port;
}

async function main() {
	const emulator = await startEmulator({ port: portFromArgs(process.argv.slice(2)) });
	const { account } = emulator;
	console.log(`Gateway emulator listening on ${emulator.url}
  Base URL        ${emulator.url}
  API key         ${account.apiKey}
  API secret      ${account.apiSecret}
  Signing secret  ${account.signingSecret}
  Account         ${account.username} (${account.timezone}), balance ${account.balance} credits
Control API: ${emulator.url}/emulator (see README "Gateway emulator"). Ctrl-C stops it.`);
	const stop = () => {
		void emulator.close().then(() => process.exit(0));
	};
	process.on('SIGINT', stop);
	process.on('SIGTERM', stop);
}

main().catch((error: unknown) => {
	console.error(`Emulator failed to start: ${(error as Error).message}`);
	process.exit(1);
});
