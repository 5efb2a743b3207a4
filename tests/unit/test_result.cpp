// SPDX-License-Identifier: GPL-3.0-or-later
#include "core/base/result.h"

#include <gtest/gtest.h>

using kexbench::Result;

TEST(Result, CarriesValueOrReason)
{
    Result<int> good(42);
    ASSERT_TRUE(good.ok());
    EXPECT_EQ(*good, 42);

    Result<int> bad(kexbench::fail("lib.so: not an ELF file"));
    EXPECT_FALSE(bad.ok());
    EXPECT_EQ(bad.error(), "lib.so: not an ELF file");
}
