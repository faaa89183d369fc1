import { Flex, Spin } from 'antd';

/** Placeholder while a route's code or data loads. */
export function PageLoading({ full = false }: { full?: boolean }) {
  return (
    <Flex align="center" justify="center" style={{ minHeight: full ? '100vh' : 240 }}>
      <Spin />
    </Flex>
  );
}
