/** A core rule's result with its error as one plain text (core/error-text.ts): title, then details. */
import { plainText } from '../../nodes/MessagingGateway/core/error-text';

export function plain<R>(result: R): R {
	const error = (result as { error?: unknown } | undefined)?.error;
	return typeof error === 'string' ? { ...result, error: plainText(error) } : result;
}
