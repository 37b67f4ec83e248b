//! The toy problem's input-only baseline: reads the numbers, drains nothing.

fn main() {
    let numbers = growth::toy::read_numbers();
    println!(
        "{}",
        numbers
            .iter()
            .fold(0, |sum, &value| growth::toy::checksum(sum, value))
    );
}
