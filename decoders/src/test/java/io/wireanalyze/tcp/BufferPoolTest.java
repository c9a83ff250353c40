package io.wireanalyze.tcp;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.*;

class BufferPoolTest {

    @Test
    void handsOutPowersOfTwoFromAKibibyteAndTheSameArrayAgainOnceGivenBack() {
        BufferPool pool = new BufferPool(1 << 20);
        assertEquals(1024, pool.take(1).length);
        assertEquals(1024, pool.take(1024).length);
        assertEquals(2048, pool.take(1025).length);
        byte[] a = pool.take(5000);
        assertEquals(8192, a.length);
        pool.give(a);
        assertEquals(8192, pool.pooledBytes());
        assertSame(a, pool.take(6000));        // the pooled array of that size
        assertEquals(0, pool.pooledBytes());
        assertNotSame(a, pool.take(6000));     // taken: not handed out twice
    }

    @Test
    void keepsNoMoreThanItsBoundNorArraysLargerThanAMebibyteNorOfOtherSizes() {
        BufferPool pool = new BufferPool(3 << 10);
        pool.give(new byte[2048]);
        pool.give(new byte[2048]);               // 4 KiB would pass the 3 KiB bound: dropped
        assertEquals(2048, pool.pooledBytes());
        pool.give(new byte[1000]);               // not a pooled size
        assertEquals(2048, pool.pooledBytes());
        BufferPool big = new BufferPool(64 << 20);
        assertEquals((1 << 20) + 1, big.take((1 << 20) + 1).length);   // larger than MAX: exactly its size
        big.give(new byte[2 << 20]);
        assertEquals(0, big.pooledBytes());
        BufferPool.NONE.give(new byte[1024]);
        assertEquals(0, BufferPool.NONE.pooledBytes());
    }
}
