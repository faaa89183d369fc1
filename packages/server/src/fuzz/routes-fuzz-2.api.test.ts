import { fuzzRoutesShard } from './routes-fuzz.testkit.js';

fuzzRoutesShard(1, 2);
