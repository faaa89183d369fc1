import axios, { type AxiosInstance } from 'axios';
import type { Transport } from './transport.js';

/** Browser transport. Statuses 200–500 are answers (errors travel in the body). */
export function axiosTransport(instance: AxiosInstance = axios.create({ timeout: 60_000 })): Transport {
  return async ({ method, url, headers, body }) => {
    const response = await instance.request({
      method,
      url,
      headers: body === undefined ? headers : { ...headers, 'Content-Type': 'application/json' },
      data: body,
      validateStatus: (status) => status >= 200 && status <= 500,
      transformResponse: (raw) => parseJson(raw),
    });
    return { status: response.status, body: response.data };
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
