//! The toy problem in linear time: a `VecDeque` pops its front in O(1).

use std::collections::VecDeque;

fn main() {
    let mut queue = VecDeque::from(growth::toy::read_numbers());
    let mut sum = 0;
    while let Some(value) = queue.pop_front() {
        sum = growth::toy::checksum(sum, value);
    }
    println!("{sum}");
}
