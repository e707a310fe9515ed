/** What nodes write to n8n's log (`this.logger`) in n8n-core's real contexts, caught per test. */
import { dirname } from 'node:path';

/** The Logger n8n-core's contexts hand to nodes, as n8n-core itself resolves it. */
// eslint-disable-next-line @typescript-eslint/no-require-imports
export const { Logger } = require(
	require.resolve('@n8n/backend-common', { paths: [dirname(require.resolve('n8n-core'))] }),
) as {
	Logger: {
		prototype: { info(message: string, metadata?: object): void; warn(message: string, metadata?: object): void };
	};
};

export type LogLevel = 'info' | 'warn';

/** Catches the info and warning lines until `stop()`; the lines stay readable after it. */
export function catchLogLines() {
	const lines: Array<{ level: LogLevel; message: string }> = [];
	const spies = (['info', 'warn'] as const).map((level) =>
		jest
			.spyOn(Logger.prototype, level)
			.mockImplementation((...[message]: [string, object?]) => void lines.push({ level, message: String(message) })),
	);
	return {
		/** The lines of `level` that contain `text`, without the trigger's `Messaging Gateway Trigger "<name>": ` prefix. */
		of: (level: LogLevel, text: string) =>
			lines
				.filter((line) => line.level === level && line.message.includes(text))
				.map((line) => line.message.replace(/^Messaging Gateway Trigger "[^"]+": /, '')),
		stop: () => spies.forEach((spy) => spy.mockRestore()),
	};
}
