import axios, { type AxiosInstance } from 'axios';
import { isJsonContentType, type Transport } from './transport.js';

/** Browser transport. Statuses 200–500 are answers (errors travel in the body). */
export function axiosTransport(instance: AxiosInstance = axios.create({ timeout: 60_000 })): Transport {
  return async ({ method, url, headers, body, responseType }) => {
    const binary = responseType === 'binary';
    const response = await instance.request({
      method,
      url,
      headers: typeof body === 'string' ? { ...headers, 'Content-Type': 'application/json' } : headers,
      data: body,
      responseType: binary ? 'arraybuffer' : 'text',
      validateStatus: (status) => status >= 200 && status <= 500,
      transformResponse: (raw) => raw,
    });
    const type = String(response.headers['content-type'] ?? '');
    if (binary && !isJsonContentType(type)) return { status: response.status, body: new Uint8Array(response.data as ArrayBuffer) };
    const text = binary ? new TextDecoder().decode(response.data as ArrayBuffer) : response.data;
    return { status: response.status, body: parseJson(text) };
  };
}

function parseJson(raw: unknown): unknown {
  if (typeof raw !== 'string' || raw === '') return raw;
  try {
    return JSON.parse(raw);
  } catch {
    return raw;
  }
}
