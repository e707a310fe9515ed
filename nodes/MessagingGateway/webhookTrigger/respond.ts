import type { IDataObject, IWebhookFunctions } from 'n8n-workflow';

/** Answers a refused request directly: no run starts, and the status must say why (401, 400). */
export function respond(ctx: IWebhookFunctions, status: number, body: IDataObject): { noWebhookResponse: true } {
	const res = ctx.getResponseObject();
	res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8' });
	res.end(JSON.stringify(body));
	return { noWebhookResponse: true };
}

/** Logs for the workflow's owner what a caller is not told. */
export function warnOwner(ctx: IWebhookFunctions, message: string, metadata: IDataObject = {}): void {
	const node = ctx.getNode();
	ctx.logger.warn(`Messaging Gateway Trigger "${node.name}": ${message}`, {
		workflowId: ctx.getWorkflow().id,
		nodeName: node.name,
		nodeType: node.type,
		...metadata,
	});
}
