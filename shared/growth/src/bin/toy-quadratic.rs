//! The toy problem in quadratic time, by the classic slip: `Vec::remove(0)`
//! moves every remaining element each time.

fn main() {
    let mut queue = growth::toy::read_numbers();
    let mut sum = 0;
    while !queue.is_empty() {
        let value = queue.remove(0);
        sum = growth::toy::checksum(sum, value);
    }
    println!("{sum}");
}
