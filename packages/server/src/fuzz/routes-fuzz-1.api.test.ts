import { fuzzRoutesShard } from './routes-fuzz.testkit.js';

fuzzRoutesShard(0, 2);
