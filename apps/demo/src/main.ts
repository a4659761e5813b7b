import { startDemo } from './server';

const port = Number(process.env.DEMO_PORT ?? 8080);
const widgetsUrl = process.env.WIDGETS_URL ?? 'http://127.0.0.1:8081';
const demo = await startDemo({ port, widgetsUrl, host: process.env.DEMO_HOST ?? 'localhost' });
console.log(`Demo host site: ${demo.url}`);
const stop = () => void demo.close().then(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
