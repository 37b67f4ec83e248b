use std::io::{BufRead, Write};

fn main() {
    let (mut low, mut high) = (1, 1000);
    let mut answers = std::io::stdin().lock().lines();
    loop {
        let guess = (low + high) / 2;
        println!("{guess}");
        std::io::stdout().flush().unwrap();
        match answers.next().unwrap().unwrap().as_str() {
            "correct" => break,
            "lower" => high = guess - 1,
            _ => low = guess + 1,
        }
    }
}
